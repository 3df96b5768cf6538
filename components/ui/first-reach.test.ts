/** @jest-environment jsdom */

// A module per test: firstReach() settles once per page.
async function freshReach() {
  jest.resetModules();
  const { firstReach } = await import('./first-reach');
  let settled = false;
  void firstReach().then(() => (settled = true));
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { settled: async () => (await flush(), settled) };
}

test('a pointer coming over the page without moving is not a reach; the pointer moving is', async () => {
  const reach = await freshReach();
  // What Chromium sends under a still cursor as the page lays out beneath it.
  document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
  document.body.dispatchEvent(new Event('mouseover', { bubbles: true }));
  expect(await reach.settled()).toBe(false);
  document.body.dispatchEvent(new Event('pointermove', { bubbles: true }));
  expect(await reach.settled()).toBe(true);
});

test.each(['pointerdown', 'keydown', 'touchstart', 'focusin'])('%s is a reach', async (type) => {
  const reach = await freshReach();
  document.body.dispatchEvent(new Event(type, { bubbles: true }));
  expect(await reach.settled()).toBe(true);
});

test("the page moving focus to its own heading is no reach; a person's focus after it is", async () => {
  const reach = await freshReach();
  const heading = document.createElement('h1');
  heading.tabIndex = -1;
  heading.setAttribute('data-page-focus', '');
  document.body.append(heading);
  heading.focus();
  expect(await reach.settled()).toBe(false);
  const field = document.createElement('input');
  document.body.append(field);
  field.focus();
  expect(await reach.settled()).toBe(true);
  heading.remove();
  field.remove();
});
