/**
 * Environment variables a test file changes, put back as found after its last test: the worker
 * process runs other test files next.
 *
 *   const setEnv = withEnv();
 *   beforeAll(() => setEnv({ LOCAL_IDENTITY_PORT: String(port) }));
 *
 * Call it at the top level of a test file (it registers an afterAll). A value of undefined unsets
 * the variable.
 */
export function withEnv(): (values: Record<string, string | undefined>) => void {
  const saved = new Map<string, string | undefined>();
  afterAll(() => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    saved.clear();
  });
  return (values) => {
    for (const [key, value] of Object.entries(values)) {
      if (!saved.has(key)) saved.set(key, process.env[key]);
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
