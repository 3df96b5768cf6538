import {
  isNoScriptCall,
  noScriptCallProblem,
  plausibleFormReply,
  plausibleTextReply,
} from './action-envelope';
import { readWithin } from './body-limit';
import { actionOriginProblem } from './same-origin';

export type Refusal = {
  status: 400 | 403 | 413;
  /** The warning logged; never `request.error`, which is for what the framework caught. */
  event: 'action.malformed' | 'action.cross_origin' | 'request.too_large';
  reason?: string;
  error: string;
};

export const TOO_LARGE: Refusal = {
  status: 413,
  event: 'request.too_large',
  error: 'This request is too large.',
};
const malformed = (reason: string): Refusal => ({
  status: 400,
  event: 'action.malformed',
  reason,
  error: 'This request could not be understood.',
});
const foreign = (reason: string): Refusal => ({
  status: 403,
  event: 'action.cross_origin',
  reason,
  error: 'This request did not come from this site.',
});

async function formOf(body: Uint8Array<ArrayBuffer>, type: string): Promise<FormData | null> {
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return null;
  }
}

/**
 * The guard's answer to a server action call Next would answer 500 for (decision 009), or null
 * to let it through. Next takes for a call a POST with `Next-Action`, or any multipart POST (a form
 * posted before the scripts ran), and checks the Origin of both before it reads the body.
 */
export async function actionRefusal(request: Request): Promise<Refusal | null> {
  if (request.method !== 'POST') return null;
  const type = request.headers.get('content-type') ?? '';
  const header = request.headers.has('next-action');
  const multipart = type.startsWith('multipart/form-data');
  const urlencoded = type.startsWith('application/x-www-form-urlencoded');
  if (!header && !multipart && !urlencoded) return null;

  const body = await readWithin(request.clone().body);
  if (body === null) return TOO_LARGE;
  const form = multipart || urlencoded ? await formOf(body, type) : null;
  // Next never runs a url-encoded form; one with action fields is refused as a multipart one is.
  const noScript = !header && form !== null && isNoScriptCall(form.keys());
  if (!header && !multipart && !noScript) return null;

  const origin = actionOriginProblem(request.headers);
  if (origin) return foreign(origin);
  if (header) {
    const zero = form?.get('0');
    const reply = multipart
      ? plausibleFormReply(typeof zero === 'string' ? zero : null)
      : plausibleTextReply(new TextDecoder().decode(body));
    return reply ? null : malformed('not a React reply');
  }
  if (form === null) return malformed('form unreadable');
  // A form with no action fields Next answers itself, with a 400.
  if (!noScript) return null;
  const problem = noScriptCallProblem(form);
  return problem ? malformed(problem) : null;
}
