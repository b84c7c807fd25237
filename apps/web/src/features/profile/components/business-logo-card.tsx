import { useLingui } from '@lingui/react';
import { ImageOff, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PlanBrandingNote } from '@/components/plan-branding-note';
import { checkImageFile } from '@/lib/upload-file';
import { useRemoveLogo, useUploadLogo } from '../api/business-logo';
import { translated } from '@/lib/translated';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** The logo on every new proposal: shown, uploaded or replaced (checked here first), removed. */
export function BusinessLogoCard({ profile }: { profile: TBusinessProfile }) {
  const { i18n } = useLingui();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;
  const hasLogo = profile.logoFileId !== null;

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      toast.error(i18n._('That file cannot be your logo'), { description: problem });
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => toast.success(hasLogo ? i18n._('Logo replaced') : i18n._('Logo uploaded')),
      onError: (e) => {
        setError(e.message);
        toast.error(i18n._('The logo was not uploaded'), { description: translated(i18n, e.message) });
      },
    });
  };

  const onRemove = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success(i18n._('Logo removed')),
      onError: (e) => {
        setError(e.message);
        toast.error(i18n._('The logo was not removed'), { description: translated(i18n, e.message) });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Logo')}</CardTitle>
        <CardDescription>{i18n._('Shown at the top of every new proposal. PNG, JPEG or WebP.')}</CardDescription>
        <PlanBrandingNote what="logo" className="text-sm" />
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="bg-muted/40 flex h-24 w-full shrink-0 items-center justify-center rounded-md border p-2 sm:w-40">
          {hasLogo ? (
            <img
              src={`/api/files/${encodeURIComponent(profile.logoFileId!)}`}
              alt={i18n._('Your business logo')}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-muted-foreground flex flex-col items-center gap-1 text-xs">
              <ImageOff className="size-5" aria-hidden="true" />
              {i18n._('No logo yet')}
            </span>
          )}
        </div>
        <div className="grid w-full min-w-0 gap-2 sm:w-auto">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={i18n._('Logo file')}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
              {upload.isPending ? (
                <Spinner className="[&_span]:size-4 [&_span]:border-2" label={i18n._('Uploading')} />
              ) : (
                <Upload aria-hidden="true" />
              )}
              {upload.isPending ? i18n._('Uploading…') : hasLogo ? i18n._('Replace logo') : i18n._('Upload logo')}
            </Button>
            {hasLogo ? (
              <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={onRemove}>
                <Trash2 aria-hidden="true" />
                {remove.isPending ? i18n._('Removing…') : i18n._('Remove logo')}
              </Button>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
