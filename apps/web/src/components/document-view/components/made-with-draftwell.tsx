/**
 * The footer line a plan without own branding puts under the proposal (PRODUCT §7): on the
 * client's page, and in the editor's preview of it.
 */
export function MadeWithDraftwell({ href }: { href: string }) {
  return (
    <p data-made-with>
      Made with{' '}
      <a href={href} className="text-foreground font-medium underline underline-offset-2">
        Draftwell
      </a>
    </p>
  );
}
