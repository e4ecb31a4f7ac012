// Jest e2e globalSetup: the browser tests load the built page, so build it first when it is missing or stale.
import { buildBundleIfStale } from './buildBundle';

export default async function globalSetup(): Promise<void> {
  buildBundleIfStale();
}
