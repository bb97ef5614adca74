import Box from '@mui/material/Box';
import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { StaffFiltersResponse } from '@passerelle/contract';
import { progressSteps, type ProgressStep } from '@passerelle/contract/dossier-progress';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';
import { STATUTS, pipelineWaitingFor, type PipelineView } from '../utils/pipeline-view';
import { DebouncedTextField } from './debounced-text-field';

export interface PipelineFiltersProps {
  view: PipelineView;
  onChange: (changes: Partial<PipelineView>, options?: { replace?: boolean }) => void;
  /** The schools and formations offered; undefined while they load or when they could not be loaded. */
  lists: StaffFiltersResponse | undefined;
  /** The server's message for a field, by the query parameter's name. */
  fieldError: (field: string) => string | undefined;
}

/** A native select: light, the phone's own picker, and the keyboard works as everywhere else. */
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

export function PipelineFilters({ view, onChange, lists, fieldError }: PipelineFiltersProps) {
  const { t } = useTranslation('staff');
  const formations = (lists?.formations ?? []).filter((formation) => !view.school || formation.school === view.school);
  const schoolName = (code: string | null) => lists?.schools.find((school) => school.code === code)?.name ?? code ?? '';
  const helper = (field: string, fallback?: string) => {
    const error = fieldError(field);
    return { error: Boolean(error), helperText: error ?? fallback };
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <TextField
        select
        size="small"
        label={t('filters.school')}
        value={view.school}
        onChange={(event) => {
          const school = event.target.value;
          const keepsFormation = lists?.formations.some(
            (formation) => formation.id === view.formation && formation.school === school,
          );
          onChange({ school, formation: school && !keepsFormation ? null : view.formation });
        }}
        slotProps={nativeSelect}
        {...helper('school')}
      >
        <option value="">{t('filters.allSchools')}</option>
        {/* A school from the address that the list lacks stays chosen, under its code. */}
        {view.school && !lists?.schools.some((school) => school.code === view.school) ? (
          <option value={view.school}>{view.school}</option>
        ) : null}
        {lists?.schools.map((school) => (
          <option key={school.code} value={school.code}>
            {school.name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filters.formation')}
        value={view.formation === null ? '' : String(view.formation)}
        onChange={(event) => onChange({ formation: event.target.value ? Number(event.target.value) : null })}
        slotProps={nativeSelect}
        {...helper('formation')}
      >
        <option value="">{t('filters.allFormations')}</option>
        {view.formation !== null && !formations.some((formation) => formation.id === view.formation) ? (
          <option value={String(view.formation)}>{`#${view.formation}`}</option>
        ) : null}
        {formations.map((formation) => (
          <option key={formation.id} value={String(formation.id)}>
            {view.school || !formation.school
              ? formation.libelle
              : `${schoolName(formation.school)} — ${formation.libelle}`}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filters.statut')}
        value={view.statut.map(String)}
        onChange={(event) => {
          const value: unknown = event.target.value;
          const list = Array.isArray(value) ? value : String(value).split(',');
          onChange({
            statut: list
              .map(Number)
              .filter((statut) => statut >= 1 && statut <= 13)
              .sort((a, b) => a - b),
          });
        }}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) => {
              const list = selected as string[];
              if (list.length === 0) return t('filters.allStatuts');
              return list.map((statut) => t(builtKey<'staff'>(`statuts.${statut}`))).join(', ');
            },
          },
        }}
        {...helper('statut')}
      >
        {STATUTS.map((statut) => (
          <MenuItem key={statut} value={String(statut)} dense>
            {/* The shell's menu parts and no checkbox: the options' state is their aria-selected, the tick only shows it. */}
            <ListItemIcon aria-hidden>{view.statut.includes(statut) ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={t(`statuts.${statut}`)} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filters.step')}
        value={view.step ?? ''}
        onChange={(event) => onChange({ step: (event.target.value || null) as ProgressStep | null })}
        slotProps={nativeSelect}
        {...helper('step')}
      >
        <option value="">{t('filters.allSteps')}</option>
        {progressSteps.map((step) => (
          <option key={step} value={step}>
            {t(`steps.${step}`)}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filters.waitingFor')}
        value={view.waitingFor ?? ''}
        onChange={(event) => {
          const value = pipelineWaitingFor.find((who) => who === event.target.value) ?? null;
          onChange({ waitingFor: value });
        }}
        slotProps={nativeSelect}
        {...helper('waitingFor')}
      >
        <option value="">{t('filters.anyone')}</option>
        {pipelineWaitingFor.map((who) => (
          <option key={who} value={who}>
            {t(`waitingFilter.${who}`)}
          </option>
        ))}
      </TextField>
      <DebouncedTextField
        size="small"
        label={t('filters.employer')}
        value={view.employer}
        onCommit={(employer) => onChange({ employer }, { replace: true })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        {...helper('employer', t('filters.employerHelp'))}
      />
      {/* Dates wait for typing to pause too: the year typed digit by digit passes through 0002, 0020, 0202. */}
      <DebouncedTextField
        type="date"
        size="small"
        label={t('filters.updatedFrom')}
        value={view.updatedFrom}
        onCommit={(updatedFrom) => onChange({ updatedFrom })}
        slotProps={{ inputLabel: { shrink: true } }}
        {...helper('updatedFrom')}
      />
      <DebouncedTextField
        type="date"
        size="small"
        label={t('filters.updatedTo')}
        value={view.updatedTo}
        onCommit={(updatedTo) => onChange({ updatedTo })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.updatedFrom || undefined } }}
        {...helper('updatedTo')}
      />
    </Box>
  );
}
