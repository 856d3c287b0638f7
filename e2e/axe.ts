import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Request, test } from '@playwright/test';

/**
 * axe-core as the accessibility suite runs it: WCAG 2.1 A/AA, critical and serious findings fail. Legacy mode:
 * axe runs in the page itself instead of gathering its results in a new blank page, about twice as fast; the
 * app has no frames for the other mode to reach.
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Structure the issue asks for beyond the WCAG tags (axe files these under best practices). */
const STRUCTURE_RULES = [
  'page-has-heading-one',
  'heading-order',
  'landmark-one-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'label-content-name-mismatch',
];

type Finding = { rule: string; impact: string; help: string; targets: string[] };
type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

const findingsOf = (violations: Violations): Finding[] =>
  violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes
      .slice(0, 5)
      .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n')[1]?.trim()})` : ''}`),
  }));

/** The WCAG findings: critical and serious ones fail (softly: the test goes on), the others are noted. */
function expectNoSeriousFindings(violations: Violations, what: string) {
  const wcag = findingsOf(violations.filter((v) => v.tags.some((tag) => WCAG_TAGS.includes(tag))));
  const serious = wcag.filter((f) => f.impact === 'critical' || f.impact === 'serious');
  const minor = wcag.filter((f) => f.impact !== 'critical' && f.impact !== 'serious');
  if (minor.length > 0)
    test.info().annotations.push({ type: `axe (moderate/minor), ${what}`, description: JSON.stringify(minor) });
  expect.soft(serious, `critical and serious WCAG 2.1 AA violations, ${what}`).toEqual([]);
}

type Traffic = { inFlight: Set<Request>; lastChange: number };
const traffic = new WeakMap<Page, Traffic>();

/**
 * Follows the page's requests from now on (call it before the page's first navigation): what `settle` waits
 * for. The live-stock stream (an EventSource) stays open for good and is not counted.
 */
export function trackRequests(page: Page) {
  const state: Traffic = { inFlight: new Set(), lastChange: Date.now() };
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    state.inFlight.add(request);
    state.lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (state.inFlight.delete(request)) state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  traffic.set(page, state);
}

/** No request of the page in flight for 150 ms (Playwright's 'networkidle' waits 500 ms each time). */
async function quiet(page: Page) {
  const state = traffic.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  await expect
    .poll(() => state.inFlight.size === 0 && Date.now() - state.lastChange >= 150, {
      message: 'no request in flight',
      intervals: [50],
      timeout: 30_000,
    })
    .toBe(true);
}

/**
 * Waits until the data has arrived: no request in flight, no loader turning. A fresh context enrols a
 * new register and syncs its catalogue on the embedded database's one connection; on a loaded 2-core
 * machine that has taken over 10 s (CI rehearsal at load 16), so the loaders get 30 s.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  await quiet(page);
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0, { timeout: 30_000 });
  await quiet(page);
}

/**
 * Waits until no toast or dialog is in its opening or closing transition: axe measures colours as they are, and
 * a toast fading out (the sign-in's "Login successful!" closes itself after 4 s) reads as low contrast.
 */
export async function transitionsAtRest(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.mantine-Notification-root, [role="dialog"]')).some((el) => {
          for (let node: Element | null = el; node; node = node.parentElement) {
            if (Number(getComputedStyle(node).opacity) < 1) return true;
          }
          return false;
        }),
      ),
    )
    .toBe(false);
}

/**
 * Toasts appear and go without their fade: one that starts closing while axe measures (the sign-in's closes
 * itself after 4 s, whenever that falls) would read as low contrast halfway through its fade. Only the motion
 * goes; every toast is measured as it shows at rest. Mantine animates them by inline styles, hence !important.
 */
async function toastsWithoutFade(page: Page) {
  await page.addStyleTag({
    content: '.mantine-Notification-root, .mantine-Notifications-root * { transition: none !important; }',
  });
}

/** The page as it is (a moment of it: a screen still loading), by the WCAG rules alone. */
export async function expectNoSeriousWcag(page: Page, what: string) {
  await toastsWithoutFade(page);
  await transitionsAtRest(page);
  const { violations } = await axe(page).withTags(WCAG_TAGS).analyze();
  expectNoSeriousFindings(violations, what);
}

/** The whole page: the WCAG rules, the structure rules (headings, landmarks) and one level-1 heading. */
export async function expectAccessible(page: Page) {
  await toastsWithoutFade(page);
  await transitionsAtRest(page);
  // One run: the WCAG 2.1 A/AA rules plus the structure rules (axe runs the rules a tag selects and those
  // enabled by name); their findings are then read apart.
  const { violations } = await axe(page)
    .options({ rules: Object.fromEntries(STRUCTURE_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags(WCAG_TAGS)
    .analyze();
  expectNoSeriousFindings(violations, 'the page');
  const structure = violations.filter((v) => STRUCTURE_RULES.includes(v.id));
  expect.soft(findingsOf(structure), 'headings and landmarks').toEqual([]);
  // One level-1 heading per screen state.
  await expect(page.locator('h1:visible')).toHaveCount(1);
}

/**
 * Every control that opens a popup announces it (`aria-haspopup`): Mantine's menus, selects, date pickers and
 * popovers, and the app's stand-ins for them before their code has loaded (components/popups/deferred.tsx).
 */
const TRIGGERS = '[aria-haspopup]:not([disabled]):not([data-disabled]):visible';
const MARK = 'data-axe-popup';

type Trigger = { name: string; kind: string; inShell: boolean; connected: boolean };
type Opened = { text: string; shown: boolean };

/** The trigger's name (as a person would call it), what it opens, and whether it is the shell's (header, navigation). */
function describeTrigger(el: Element): Trigger {
  const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const labelledBy = el.getAttribute('aria-labelledby');
  const labels = el instanceof HTMLInputElement || el instanceof HTMLButtonElement ? Array.from(el.labels ?? []) : [];
  const name =
    el.getAttribute('aria-label') ||
    (labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => text(document.getElementById(id)))
          .join(' ')
      : '') ||
    text(labels[0]) ||
    text(el) ||
    el.getAttribute('placeholder') ||
    '(unnamed)';
  return {
    name,
    kind: el.getAttribute('aria-haspopup') ?? '',
    inShell: el.closest('header, nav') !== null,
    connected: el.isConnected,
  };
}

/**
 * The open popup, shown and past its opening transition: its outermost element (Mantine portals it into the
 * body) and its trigger marked for axe, and its text (what it offers). Not shown yet: `shown` false.
 */
function markOpenPopup(el: Element, mark: string): Opened {
  const id = el.getAttribute('aria-controls');
  const popup = id ? document.getElementById(id) : null;
  if (!popup || popup.getClientRects().length === 0) return { text: '', shown: false };
  let root: Element = popup;
  while (root.parentElement && !root.parentElement.hasAttribute('data-portal') && root.parentElement !== document.body)
    root = root.parentElement;
  // Past its opening transition, so colours are measured as they end up.
  for (let node: Element | null = popup; node; node = node.parentElement) {
    if (Number(getComputedStyle(node).opacity) < 1) return { text: '', shown: false };
  }
  root.setAttribute(mark, '');
  el.setAttribute(mark, '');
  return { text: (root.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 400), shown: true };
}

async function isOpen(trigger: Locator) {
  return trigger.evaluate((el) => {
    const id = el.getAttribute('aria-controls');
    return id !== null && document.getElementById(id) !== null;
  });
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The screen of a URL, its ids left out: /dashboard/transfers/:id. */
const screenOf = (url: string) =>
  new URL(url).pathname
    .split('/')
    .map((part) => (/\d/.test(part) && part.length >= 8 ? ':id' : part))
    .join('/');

/** Waits (up to 5 s) for the trigger's popup to show, then marks it: what it shows, or `shown` false. */
async function openedPopup(trigger: Locator): Promise<Opened> {
  const until = Date.now() + 5_000;
  for (;;) {
    const opened = await trigger.evaluate(markOpenPopup, MARK);
    if (opened.shown || Date.now() > until) return opened;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens every popup of the screen state in turn (its menus, selects, date pickers and panels; inside the open
 * dialog when there is one), runs axe over each open popup and its trigger, and closes it with Escape. What
 * was checked is not checked again for the role (`seen`): the shell's popups (the header's pickers and user
 * menu, the same on every screen) are opened once; a screen's controls are opened once per screen (in the
 * first of its states that shows them: not again at a phone's width), and their popups checked when they show
 * something new there (not in the next of a row of identical selects: the import's column mapping, a return's
 * lines). With `photos`, date pickers,
 * panels and menus are photographed for a person to look at.
 */
export async function expectPopupsAccessible(page: Page, state: string, seen: Set<string>, photos = false) {
  // The popup code loads on the first interaction with the page (components/popups/load.ts).
  await page.mouse.move(1, 1);
  const dialog = page.locator('[role="dialog"][aria-modal="true"]:visible').last();
  const inDialog = (await dialog.count()) > 0;
  const triggers = (inDialog ? dialog : page.locator('body')).locator(TRIGGERS);
  const screen = screenOf(page.url());
  const checked: string[] = [];
  for (let i = 0; i < (await triggers.count()); i++) {
    const trigger = triggers.nth(i);
    // Read again when the control was just swapped for its loaded self (components/popups/deferred.tsx).
    let about = await trigger.evaluate(describeTrigger);
    while (!about.connected) about = await trigger.evaluate(describeTrigger);
    const name = `${about.kind}: ${about.name}`;
    if (about.inShell && seen.has(`shell ${name}`)) continue;
    // Opened in another state of this screen already (the same form at a phone's width).
    const opener = `${screen} opened ${name}`;
    if (!about.inShell && seen.has(opener)) continue;
    seen.add(opener);
    // Out of sight to the side (the navigation drawer, closed at a phone's width): nothing a person opens.
    const inSight = await trigger.evaluate((el) => {
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = el.getBoundingClientRect();
      return box.right > 0 && box.left < window.innerWidth;
    });
    if (!inSight) continue;
    await trigger.click({ timeout: 5_000 });
    const opened = await openedPopup(trigger);
    const key = about.inShell ? `shell ${name}` : `${screen} ${about.kind}: ${opened.text}`;
    if (!opened.shown) {
      // A select with nothing to list has no popup to show.
      test.info().annotations.push({ type: 'popup not shown', description: `${state}: ${name}` });
    } else if (!seen.has(key)) {
      seen.add(key);
      checked.push(name);
      const { violations } = await axe(page).include(`[${MARK}]`).withTags(WCAG_TAGS).analyze();
      expectNoSeriousFindings(violations, `${name} open`);
      if (photos && about.kind !== 'listbox') {
        const dir = process.env.SCREENS_DIR ?? 'test-results/screens';
        await page.screenshot({ path: `${dir}/popup-${slug(state)}-${slug(about.name)}.png` });
      }
    }
    await page.evaluate((mark) => {
      for (const el of Array.from(document.querySelectorAll(`[${mark}]`))) el.removeAttribute(mark);
    }, MARK);
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(trigger), { message: `${name} closes on Escape`, intervals: [50] }).toBe(false);
    if (inDialog) await expect(dialog, `the dialog stays open after Escape on ${name}`).toBeVisible();
  }
  test.info().annotations.push({ type: 'popups checked', description: checked.join(' | ') || 'none' });
}
