/** The one thing the client needs of `fetch`; tests pass their own, a proxy gets undici's (`create-fetch.ts`). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
