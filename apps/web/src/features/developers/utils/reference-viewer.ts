import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import './reference-viewer.css';

/** Draws `spec` into `node`; the returned function empties it again. */
export type TMountReference = (node: HTMLElement, spec: unknown) => () => void;

/**
 * Swagger UI (swagger-ui-dist, a maintained viewer with no dependencies of its own), on the
 * /developers page only. No top bar (the page is ours), operations listed by tag, and "Try it
 * out" works with a key given under Authorize (same origin; keys only). Its colours are made to
 * pass contrast checks in reference-viewer.css.
 */
export const mountReference: TMountReference = (node, spec) => {
  SwaggerUI({
    domNode: node,
    spec,
    // No deep links: they put a link inside each operation's button (nested controls, axe).
    deepLinking: false,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    filter: true,
    persistAuthorization: false,
    tryItOutEnabled: false,
    // Plain examples: the highlighter's themes colour tokens below the contrast AA asks for.
    syntaxHighlight: { activated: false, theme: 'agate' },
  });
  return () => {
    node.replaceChildren();
  };
};
