import type { OperationId, ResponseBody } from '../../../contract/endpoints.ts';
import type { ChangeNotice } from '../api/change-notice.ts';

/**
 * Where the MCP server's tools and resources get their data. Two sources exist:
 * - the stdio server (`earshot mcp`) asks the API over the network, through the command line's own
 *   API client (`createApiClient`, which satisfies this interface as it is);
 * - the remote endpoint (`/mcp`, a Netlify Function) answers from what the build published, with
 *   no network hop back to the API (site/lib/mcp/published-answers.ts).
 */
export interface McpDataSource {
  /** The API's base URL, named in the server's instructions: `https://earshot.dev`. */
  baseUrl: string;
  /** An endpoint's answer, by its operation id in the registry (contract/endpoints.ts). */
  get<Id extends OperationId>(operationId: Id, call?: McpDataCall): Promise<McpDataResult<ResponseBody<Id>>>;
  /** The OpenAPI document; `text` is served as it is, byte for byte. */
  getOpenApiDocument(call?: McpDataCall): Promise<McpDataResult<unknown>>;
}

/** Per call: the MCP request's own cancellation (the client cancelled, or the connection closed). */
export interface McpDataCall {
  signal?: AbortSignal | undefined;
  /**
   * Told of each wait before a retry when the API is over its rate limit (the stdio server only:
   * the published answers never wait); the tools report it as progress.
   */
  onWait?: ((wait: { waitMs: number; retry: number; retries: number }) => void) | undefined;
}

export type McpDataResult<T> =
  | {
      ok: true;
      value: T;
      text: string;
      /** The notice of an announced breaking change that the answer carries (client/src/api/change-notice.ts). */
      notice?: ChangeNotice | undefined;
    }
  | { ok: false; error: McpDataError };

/** Why the data could not be had, as the command line reports it: one line each. */
export interface McpDataError {
  message: string;
  hint: string;
}
