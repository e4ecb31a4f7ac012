/** Retries an assertion until it holds or `ms` have passed (the page updates asynchronously). */
export async function eventually(ms: number, check: () => Promise<unknown>): Promise<void> {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 100))) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
    }
  }
}
