/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPILE_HINT, hintEagerCompile } from './compile-hints.mjs';

describe('hintEagerCompile', () => {
  let dist: string;
  const file = (rel: string) => path.join(dist, 'static', 'chunks', rel);
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(file(rel)), { recursive: true });
    writeFileSync(file(rel), text);
  };
  const read = (rel: string) => readFileSync(file(rel), 'utf8');

  beforeEach(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("puts V8's hint on the first line of every script file, once, and nothing else", () => {
    const script = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([1,(e)=>{e.v(2)}]);';
    write('0abc.js', script);
    write('pages/_app-1.js', 'function a(){}');
    write('1def.css', '.a{color:red}');
    write('2ghi.js.map', '{}');

    expect(hintEagerCompile(dist)).toBe(2);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    expect(read('0abc.js')).toBe(`//# allFunctionsCalledOnLoad\n${script}`);
    expect(read('pages/_app-1.js')).toBe(`${COMPILE_HINT}function a(){}`);
    expect(read('1def.css')).toBe('.a{color:red}');
    expect(read('2ghi.js.map')).toBe('{}');

    // Run again (a second build step, or a rerun): still one hint.
    expect(hintEagerCompile(dist)).toBe(2);
    expect(read('0abc.js')).toBe(`${COMPILE_HINT}${script}`);
  });

  it('stops the build when it finds no script to mark', () => {
    write('only.css', '.a{}');
    expect(() => hintEagerCompile(dist)).toThrow(/no script files/);
    rmSync(path.join(dist, 'static'), { recursive: true });
    expect(() => hintEagerCompile(dist)).toThrow();
  });
});
