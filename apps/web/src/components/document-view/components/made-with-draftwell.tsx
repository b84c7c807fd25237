import { Trans } from '@lingui/react';

/**
 * The footer line a plan without own branding puts under the proposal (PRODUCT §7): on the
 * client's page, and in the editor's preview of it.
 */
export function MadeWithDraftwell({ href }: { href: string }) {
  return (
    <p data-made-with>
      <Trans
        id="Made with <0>Draftwell</0>"
        components={{
          // The message's own words replace these (the brand, as every language writes it).
          0: (
            <a href={href} className="text-foreground font-medium underline underline-offset-2">
              Draftwell
            </a>
          ),
        }}
      />
    </p>
  );
}
