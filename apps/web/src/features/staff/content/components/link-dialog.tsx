import { useTranslation } from 'react-i18next';
import { TextFieldDialog } from './text-field-dialog';

/** What the feed's links may point to (the server's rule): a page of the portal (/...), http(s) or mailto. */
export function isAllowedHref(href: string): boolean {
  if (/^\/(?!\/)/.test(href)) return true;
  return /^(https?:\/\/[^\s/]+|mailto:[^\s]+@[^\s]+)/i.test(href);
}

export function LinkDialog({
  initialHref,
  onConfirm,
  onCancel,
}: {
  initialHref: string;
  onConfirm: (href: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('staff-content');
  return (
    <TextFieldDialog
      title={t('editor.linkTitle')}
      name="href"
      label={t('editor.linkAddress')}
      initialValue={initialHref}
      hint={t('editor.linkHint')}
      submitLabel={t('editor.linkApply')}
      inputMode="url"
      check={(href) => (isAllowedHref(href) ? null : t('editor.linkInvalid'))}
      onSubmit={async (href) => onConfirm(href)}
      onCancel={onCancel}
    />
  );
}
