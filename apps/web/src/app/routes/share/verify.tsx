import { useLingui } from '@lingui/react';
import { SealCertificate } from '@/features/verify/components/seal-certificate';
import { VerifyForm } from '@/features/verify/components/verify-form';
import { usePageTitle } from '@/lib/page-title';

export default function VerifyPage() {
  const { i18n } = useLingui();
  usePageTitle(
    i18n._('Verify an accepted proposal — Draftwell'),
    i18n._(
      'Check a proposal PDF or the hash on its certificate of acceptance: whether it matches a proposal accepted through Draftwell, who accepted it and when.',
    ),
  );

  return (
    <div className="mx-auto max-w-2xl px-4 py-14 sm:py-20">
      <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
        {i18n._('Verify an accepted proposal')}
      </h1>
      <p className="text-muted-foreground mt-5 text-lg">
        {i18n._(
          'Every accepted proposal is frozen with a SHA-256 hash. Drop the PDF you were given, or paste the hash from its certificate of acceptance, to see whether it matches a proposal accepted through Draftwell, and who accepted it and when.',
        )}
      </p>
      <div className="bg-card mt-10 rounded-lg border p-5 shadow-sm sm:p-8">
        <VerifyForm />
      </div>
      <div className="mt-10">
        <SealCertificate />
      </div>
    </div>
  );
}
