import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLists } from '../../../components/sheet-summary/use-lists';
import { useId, type ReactNode } from 'react';
import { todayIso } from '@passerelle/contract/rules/dates';
import { SpecValues, type FieldSpec, type SpecGroup } from '../../../components/sheet-summary/spec-values';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';
import { Cell, FieldGroup, referenceOptions, SheetCheckbox, SheetSelect, SheetTextField, SheetYesNo } from './fields';

export { isAnswered, SpecValues, type FieldSpec, type SpecGroup } from '../../../components/sheet-summary/spec-values';

/**
 * Editable inputs for fields of the person's own blocks. `group`: whose fields these are (a contact's title), added to
 * their labels in the error summary, where "Last name" alone would not say whose.
 */
export function SpecInputs({ specs, group }: { specs: readonly FieldSpec[]; group?: string }) {
  const { t } = useTranslation('sheets');
  const lists = useLists();
  return (
    <>
      {specs.map((spec) => {
        const label = t(builtKey<'sheets'>(`fields.${spec.label}`));
        const hint = spec.hint ? t(builtKey<'sheets'>(`hints.${spec.hint}`)) : undefined;
        const summaryLabel = group ? t('summary.fieldOf', { label, group }) : undefined;
        let input: ReactNode;
        switch (spec.type ?? 'text') {
          case 'select':
            input = (
              <SheetSelect
                name={spec.path}
                label={label}
                summaryLabel={summaryLabel}
                hint={hint}
                options={referenceOptions(spec.options ? lists[spec.options] : [], spec.withCode)}
                emptyLabel={t('choose')}
                disabled={spec.locked}
              />
            );
            break;
          case 'checkbox':
            input = <SheetCheckbox name={spec.path} label={label} summaryLabel={summaryLabel} hint={hint} />;
            break;
          case 'yesno':
            input = <SheetYesNo name={spec.path} label={label} summaryLabel={summaryLabel} hint={hint} />;
            break;
          case 'number':
            input = (
              <SheetTextField
                name={spec.path}
                label={label}
                summaryLabel={summaryLabel}
                hint={hint}
                type="number"
                asNumber
                disabled={spec.locked}
              />
            );
            break;
          case 'textarea':
            input = (
              <SheetTextField
                name={spec.path}
                label={label}
                summaryLabel={summaryLabel}
                hint={hint}
                multiline
                minRows={4}
                maxLength={spec.maxLength}
                disabled={spec.locked}
              />
            );
            break;
          default:
            input = (
              <SheetTextField
                name={spec.path}
                label={label}
                summaryLabel={summaryLabel}
                hint={hint}
                type={spec.type ?? 'text'}
                autoComplete={spec.autoComplete ?? 'off'}
                maxLength={spec.maxLength}
                max={spec.max === 'today' ? todayIso() : undefined}
                disabled={spec.locked}
              />
            );
        }
        return (
          <Cell key={spec.path} wide={spec.wide || spec.type === 'checkbox' || spec.type === 'textarea'}>
            {input}
          </Cell>
        );
      })}
    </>
  );
}

/** One person's fields inside a block: a fieldset with its legend when editable, a sub-headed list otherwise. */
function SpecGroupView({ group, editable, source }: { group: SpecGroup; editable: boolean; source: unknown }) {
  const { t } = useTranslation('sheets');
  const titleId = useId();
  const title = t(builtKey<'sheets'>(`sections.${group.title}`));
  if (editable)
    return (
      <Cell wide>
        <FieldGroup title={title} nested>
          <SpecInputs specs={group.specs} group={title} />
        </FieldGroup>
      </Cell>
    );
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h4" sx={{ fontSize: '0.95rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <SpecValues specs={group.specs} source={source} />
    </Box>
  );
}

/**
 * A block of fields: inputs when the person fills it in, read-only values when the other party does. `groups`: fields
 * of several people, each under its own title (after `specs`).
 */
export function SpecBlock({
  title,
  description,
  specs = [],
  groups = [],
  editable,
  source,
  children,
}: {
  title: string;
  description?: ReactNode;
  specs?: readonly FieldSpec[];
  groups?: readonly SpecGroup[];
  editable: boolean;
  source: unknown;
  children?: ReactNode;
}) {
  const titleId = useId();
  const groupViews = groups.map((group) => (
    <SpecGroupView key={group.title} group={group} editable={editable} source={source} />
  ));
  if (editable)
    return (
      <FieldGroup title={title} description={description}>
        {children}
        <SpecInputs specs={specs} />
        {groupViews}
      </FieldGroup>
    );
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: -1 }}>
        {title}
      </Typography>
      {specs.length > 0 ? <SpecValues specs={specs} source={source} /> : null}
      {groupViews}
    </Box>
  );
}
