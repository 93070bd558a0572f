import type { BrowserContext, Page, Request, Response, TestInfo } from '@playwright/test';

/** How many of the last events a failed test reports. */
const KEPT = 40;

/**
 * What the pages of a test asked of the API and got back wrong, and where they went: every API
 * answer of 400 or more, every API request that failed on the way, every main-frame navigation.
 * A journey that fails once in a hundred runs then says in CI's log why the page showed what it
 * showed (a 401, a refused profile, a request cut off), which a retry that passes cannot.
 */
export class ApiTrail {
  private readonly events: string[] = [];
  private readonly started = Date.now();

  watch(ctx: BrowserContext) {
    const note = (line: string) => {
      this.events.push(`+${((Date.now() - this.started) / 1000).toFixed(2)} s ${line}`);
      if (this.events.length > KEPT) this.events.shift();
    };
    const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
    ctx.on('response', (response: Response) => {
      if (response.status() >= 400 && isApi(response.url())) note(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    ctx.on('requestfailed', (request: Request) => {
      if (isApi(request.url())) note(`failed (${request.failure()?.errorText ?? '?'}) ${request.method()} ${request.url()}`);
    });
    const watchPage = (page: Page) =>
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) note(`page at ${frame.url()}`);
      });
    for (const page of ctx.pages()) watchPage(page);
    ctx.on('page', watchPage);
  }

  /** On a failed test: the trail in the log and as an attachment. */
  async report(testInfo: TestInfo) {
    if (testInfo.status === testInfo.expectedStatus || this.events.length === 0) return;
    const text = this.events.join('\n');
    console.log(`API trail of "${testInfo.title}":\n${text}`);
    await testInfo.attach('api-trail', { body: text, contentType: 'text/plain' });
  }
}
