// oidc-provider 9 ships no types (and @types/oidc-provider is for 8): the little the local
// identity provider (scripts/local-oidc.ts) uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface KoaContextWithOIDC {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      requestParamScopes?: Set<string>;
      provider: Provider;
    };
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: new (properties: { accountId: string; clientId: string }) => GrantInstance;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
