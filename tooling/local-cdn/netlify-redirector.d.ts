/**
 * The part of `netlify-redirector` (netlify-cli's redirect matcher, WebAssembly inside; it ships
 * no types) that the local server uses. Rules go in as the parser gives them, `from` renamed
 * `origin` and `query` renamed `params`, as netlify-cli passes them.
 */
declare module 'netlify-redirector' {
  export interface MatchRequest {
    scheme: string;
    host: string;
    path: string;
    query: string;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }
  export interface Match {
    from: string;
    /** The target, placeholders and splat filled in. */
    to: string;
    status: number;
    force: boolean;
  }
  export interface Matcher {
    match(request: MatchRequest): Match | null;
  }
  const redirector: {
    parseJSON(rules: string, options: { jwtSecret?: string; jwtRoleClaim?: string }): Promise<Matcher>;
  };
  export default redirector;
}
