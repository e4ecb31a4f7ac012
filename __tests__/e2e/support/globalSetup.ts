// Placeholder until the bundle build step lands.
export default async function globalSetup(): Promise<void> {}
