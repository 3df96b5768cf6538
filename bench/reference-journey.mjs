// The reference carried into the creator's journey (bench/reference-journey/README.md): its build
// with the journey's src/, served with the two things the seed's design puts on its server.
//   POST /cognito            Amplify's calls, forwarded to the local pool as they came
//   GET  /api/embed-token    the access token's owner (GetUser), their channel (the creator
//                            system's search) and its embed token, as { token, embedOrigin }
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareReference, serveReference } from './reference.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function body(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function answer(res, status, json) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
}

/**
 * Amplify's call with the SECRET_HASH a confidential client needs, over the name the call gives.
 * Amplify runs on public clients only; the local pool's is the template's, with a secret
 * (GET /__local/app-client), so this server adds the hash as a backend for that client would.
 */
export function withSecretHash(payload, client) {
  if (!client.clientSecret) return payload;
  const hash = (name) =>
    createHmac('sha256', client.clientSecret)
      .update(name + client.clientId)
      .digest('base64');
  const out = { ...payload };
  if (typeof out.Username === 'string') out.SecretHash ??= hash(out.Username);
  for (const key of ['AuthParameters', 'ChallengeResponses']) {
    const params = out[key];
    if (params && typeof params.USERNAME === 'string')
      out[key] = { SECRET_HASH: hash(params.USERNAME), ...params };
  }
  return out;
}

/** The server's two routes against the stack at `ports` ({ identity, creator, embed }). */
export function journeyRoutes(ports) {
  const identity = `http://localhost:${ports.identity}/`;
  const creators = `http://localhost:${ports.creator}`;
  const cognito = (target, payload) =>
    fetch(identity, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(payload),
    });
  async function embedToken(req, res) {
    const accessToken = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const user = await cognito('GetUser', { AccessToken: accessToken });
    if (!user.ok) return answer(res, 401, { error: 'not signed in' });
    const { UserAttributes = [] } = await user.json();
    const email = UserAttributes.find((a) => a.Name === 'email')?.Value ?? '';
    const found = await fetch(
      `${creators}/organizations/revolt/users/search?query=${encodeURIComponent(email)}`,
    ).then((r) => r.json());
    const channel = found.find((c) => c.email.toLowerCase() === email.toLowerCase())?.id;
    if (!channel) return answer(res, 404, { error: 'no creator' });
    const embed = await fetch(`${creators}/users/${encodeURIComponent(channel)}/embed_token`);
    if (!embed.ok) return answer(res, 502, { error: 'no embed token' });
    const { token } = await embed.json();
    answer(res, 200, { token, embedOrigin: `http://127.0.0.1:${ports.embed}` });
  }
  let client;
  async function forward(req, res) {
    client ??= await fetch(`${identity}__local/app-client`).then((r) => r.json());
    const raw = await body(req);
    let payload;
    try {
      payload = JSON.stringify(withSecretHash(JSON.parse(raw.toString('utf8')), client));
    } catch {
      payload = raw;
    }
    const upstream = await fetch(identity, {
      method: 'POST',
      headers: {
        'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
        'x-amz-target': String(req.headers['x-amz-target'] ?? ''),
      },
      body: payload,
    });
    res
      .writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      })
      .end(Buffer.from(await upstream.arrayBuffer()));
  }
  return (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const route =
      req.method === 'POST' && pathname.replace(/\/$/, '') === '/cognito'
        ? forward
        : req.method === 'GET' && pathname === '/api/embed-token'
          ? embedToken
          : null;
    if (!route) return false;
    route(req, res).catch((error) => answer(res, 502, { error: String(error.message) }));
    return true;
  };
}

/** Builds the journey's reference and serves it on `port`; resolves to a stop. */
export async function serveReferenceJourney(port, ports, say = () => {}) {
  const prepared = prepareReference(say, {
    name: 'reference-journey',
    overlay: path.join(root, 'bench', 'reference-journey'),
  });
  return serveReference(prepared.dist, port, journeyRoutes(ports));
}
