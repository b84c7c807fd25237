import type { TSignatureBlock } from '@draftwell/shared/document/schema';
import type { TDocumentContext } from '@draftwell/shared/document/variables';

function SignatureBox({ label, name, role }: { label: string; name: string; role?: string }) {
  return (
    <div className="rounded-lg border p-5 break-inside-avoid" data-signer>
      <p className="text-(--dv-accent) text-xs font-semibold tracking-wide uppercase">{label}</p>
      <div aria-hidden="true" className="mt-12 border-b border-dashed border-(--foreground)/40" />
      <p className="text-muted-foreground mt-1.5 text-xs">Signature</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {name ? (
          <>
            <dt className="text-muted-foreground">Name</dt>
            <dd>{name}</dd>
          </>
        ) : null}
        {role?.trim() ? (
          <>
            <dt className="text-muted-foreground">Role</dt>
            <dd>{role}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Date</dt>
        <dd className="border-b border-dashed border-(--foreground)/30" />
      </dl>
    </div>
  );
}

function joinName(name: string, company: string): string {
  const parts = [name.trim(), company.trim()].filter(Boolean);
  return parts.join(', ');
}

export function SignatureView({ block, context }: { block: TSignatureBlock; context: TDocumentContext }) {
  const senderDefault = context.sender.company.trim() || context.sender.name.trim() || 'Sender';
  return (
    <section
      aria-label="Signatures"
      className="my-10 grid gap-6 break-inside-avoid @lg:grid-cols-2"
      data-block="signature"
    >
      <SignatureBox
        label={block.sender?.label?.trim() || senderDefault}
        name={joinName(context.sender.name, context.sender.company === senderDefault ? '' : context.sender.company)}
        role={block.sender?.role}
      />
      <SignatureBox
        label={block.client?.label?.trim() || 'Client'}
        name={joinName(context.client.name, context.client.company)}
        role={block.client?.role}
      />
    </section>
  );
}
