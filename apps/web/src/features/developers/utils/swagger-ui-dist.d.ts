/** The part of swagger-ui-dist's bundle (no types of its own) that reference-viewer.ts uses. */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  type TSwaggerUiOptions = {
    domNode: HTMLElement;
    spec: unknown;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    displayRequestDuration?: boolean;
    filter?: boolean;
    persistAuthorization?: boolean;
    tryItOutEnabled?: boolean;
    syntaxHighlight?: { activated: boolean; theme: string };
  };
  const SwaggerUI: (options: TSwaggerUiOptions) => unknown;
  export default SwaggerUI;
}
