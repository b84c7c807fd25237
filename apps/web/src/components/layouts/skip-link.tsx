/** The first focusable element of every layout: straight to the page's main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="bg-primary text-primary-foreground sr-only rounded-md px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}
