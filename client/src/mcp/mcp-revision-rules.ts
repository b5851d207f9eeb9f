/**
 * What differs between the MCP protocol revisions, where the remote endpoint (`/mcp`), the stdio
 * server (`earshot mcp`), the MCP page and its tests read it.
 *
 * JSON-RPC batches, as each protocol revision's text says: 2025-03-26 added them (a POST body or a
 * stdio line may be an array), 2025-06-18 removed them, and no later revision has them.
 * @see https://modelcontextprotocol.io/specification/2025-03-26/changelog
 * @see https://modelcontextprotocol.io/specification/2025-06-18/changelog
 */

/**
 * The revision without `initialize`: a client starts with `server/discover`, carries `_meta` in
 * each request, and names its method and target in the `Mcp-Method` and `Mcp-Name` headers.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
 */
export const STATELESS_REVISION = '2026-07-28';

/** The revisions in which a message may be a batch. */
export const BATCH_REVISIONS: readonly string[] = ['2025-03-26'];

/**
 * The revision of a request without `MCP-Protocol-Version`: a server assumes 2025-03-26, the first
 * revision of Streamable HTTP.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#protocol-version-header
 */
export const REVISION_WITHOUT_HEADER = '2025-03-26';

/**
 * Why a message is refused as a batch, or `undefined` when it is not one or `revision` allows it.
 * `revision` is the one negotiated at `initialize` or named by the messages' `_meta`; `undefined`
 * when neither happened (no revision is known, and none but 2025-03-26 has batches).
 * `unit` is what carries one message on the transport: a POST, a line.
 */
export function refuseBatch(message: unknown, revision: string | undefined, unit: 'POST' | 'line'): string | undefined {
  if (!Array.isArray(message)) return undefined;
  if (revision !== undefined && BATCH_REVISIONS.includes(revision)) return undefined;
  return revision === undefined
    ? `Invalid Request: a JSON-RPC batch needs protocol revision ${BATCH_REVISIONS.join(', ')}, negotiated with initialize first; send one message per ${unit}`
    : `Invalid Request: protocol revision ${revision} has no JSON-RPC batches (only ${BATCH_REVISIONS.join(', ')} has them); send one message per ${unit}`;
}
