import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { Theme } from '@mui/material/styles';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';

export type StepTab = {
  title: string;
  /** A line under the title: what is wrong in the step, or that it is the other party's. */
  note?: ReactNode;
  isError?: boolean;
};

type StepTabsProps = {
  steps: readonly StepTab[];
  active: number;
  onSelect: (index: number) => void;
  label: string;
  /** A phone: the numbers alone in one row, each tab keeping its title as its name. */
  isCompact: boolean;
};

/**
 * The information sheet's steps, drawn as MUI's non-linear Stepper draws them (same layout, icons, colours and
 * ripple) without its machinery (docs/decisions/0028): an ordered list that is a tablist, one tab per step
 * (`aria-selected` on the open one), a single tab stop moved with the arrows (wrapping), Home and End; Enter or Space
 * opens the focused step.
 */
export function StepTabs({ steps, active, onSelect, label, isCompact }: StepTabsProps) {
  const [focusable, setFocusable] = useState(active);
  const [previousActive, setPreviousActive] = useState(active);
  // The tab stop follows the open step when it changes (a "Next" button, a link of the summary).
  if (previousActive !== active) {
    setPreviousActive(active);
    setFocusable(active);
  }

  function onKeyDown(event: KeyboardEvent<HTMLOListElement>) {
    if (event.altKey || event.shiftKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const current = tabs.indexOf(event.target as HTMLElement);
    const last = tabs.length - 1;
    const next = { ArrowRight: current + 1 > last ? 0 : current + 1, ArrowLeft: current < 1 ? last : current - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    tabs[next]?.focus();
    setFocusable(next);
  }

  return (
    <Box component="ol" role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown} sx={[baseSx, isCompact ? compactSx : wideSx]}>
      {steps.map((step, index) => {
        const isActive = index === active;
        const state = `${isActive ? ' is-active' : ''}${step.isError ? ' is-error' : ''}`;
        return (
          <li key={step.title} role="presentation">
            {index > 0 ? (
              <span className="step-connector">
                <span />
              </span>
            ) : null}
            <ButtonBase
              role="tab"
              aria-selected={isActive}
              aria-posinset={index + 1}
              aria-setsize={steps.length}
              tabIndex={index === focusable ? 0 : -1}
              focusRipple
              TouchRippleProps={{ className: 'step-ripple' }}
              onFocus={() => setFocusable(index)}
              onClick={() => onSelect(index)}
            >
              <span className="step-label">
                <span className={`step-icon${state}`}>
                  <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
                    {step.isError ? (
                      <path d="M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z" />
                    ) : (
                      <>
                        <circle cx="12" cy="12" r="12" />
                        <text x="12" y="12" textAnchor="middle" dominantBaseline="central">
                          {index + 1}
                        </text>
                      </>
                    )}
                  </svg>
                </span>
                {/* The class name MUI's Stepper gave it: the component test finds the names by it. */}
                <span className="MuiStepLabel-labelContainer">
                  <span className={`step-title${state}`}>{step.title}</span>
                  {step.note}
                </span>
              </span>
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}

/** What both layouts share: MUI's StepIcon, StepLabel, StepConnector and StepButton styles. */
const baseSx = (theme: Theme) => {
  const color = theme.transitions.create('color', { duration: theme.transitions.duration.shortest });
  return {
    display: 'flex',
    listStyle: 'none',
    m: 0,
    p: 0,
    '& .step-connector': { flex: '1 1 auto' },
    '& .step-connector > span': {
      display: 'block',
      borderTop: '1px solid',
      borderColor: theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[600],
    },
    '& [role="tab"]': { width: '100%', boxSizing: 'content-box' },
    '& .step-ripple': { color: theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.3)' : 'rgba(255, 255, 255, 0.3)' },
    '& .step-label': { display: 'flex', alignItems: 'center' },
    '& .step-icon': { flexShrink: 0, display: 'flex', color: theme.palette.text.disabled },
    '& .step-icon svg': {
      display: 'block',
      width: '1em',
      height: '1em',
      fontSize: theme.typography.pxToRem(24),
      flexShrink: 0,
      fill: 'currentColor',
      userSelect: 'none',
      transition: color,
    },
    '& .step-icon text': {
      fill: theme.palette.primary.contrastText,
      fontSize: theme.typography.caption.fontSize,
      fontFamily: theme.typography.fontFamily,
    },
    '& .step-icon.is-active': { color: theme.palette.primary.main },
    '& .step-icon.is-error': { color: theme.palette.error.main },
    '& .MuiStepLabel-labelContainer': { width: '100%', color: theme.palette.text.secondary },
    '& .step-title': { ...theme.typography.body2, display: 'block', transition: color },
    '& .step-title.is-active': { color: theme.palette.text.primary, fontWeight: 500 },
    '& .step-title.is-error': { color: theme.palette.error.main },
  };
};

/** A wide screen: MUI's `alternativeLabel`, each title under its number, the lines between the numbers. */
const wideSx = {
  alignItems: 'flex-start',
  '& li': { flex: 1, position: 'relative' },
  '& .step-connector': { position: 'absolute', top: 12, left: 'calc(-50% + 20px)', right: 'calc(50% + 20px)' },
  '& [role="tab"]': { p: '24px 16px', m: '-24px -16px' },
  '& .step-label': { flexDirection: 'column' },
  '& .MuiStepLabel-labelContainer': { textAlign: 'center' },
  '& .step-title': { mt: 2 },
} as const;

/**
 * A phone: the numbers in one row, each taking its own width only (the lines between share the rest of the row:
 * seven fit on a 320 px phone), inside a 40 px target that overlaps the lines; the titles stay the tabs' names.
 */
const compactSx = {
  alignItems: 'center',
  gap: 1,
  '& li:not(:first-of-type)': { flex: '1 1 auto', display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', gap: 0.5 },
  '& [role="tab"]': { p: 1, m: -1 },
  '& .MuiStepLabel-labelContainer': visuallyHidden,
} as const;
