import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { SURVEY_SCALE_MAX, SURVEY_TEXT_MAX, type SurveyQuestion } from '@passerelle/contract/survey-questions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';

export interface SurveyQuestionFieldProps {
  question: SurveyQuestion;
  value: number | string | undefined;
  onChange: (value: number | string | undefined) => void;
  disabled?: boolean;
}

const scaleValues = Array.from({ length: SURVEY_SCALE_MAX }, (_, index) => index + 1);

/** One question: a radio group (a 1 to 5 scale, or options) or a text area, its label its legend. */
export function SurveyQuestionField({ question, value, onChange, disabled }: SurveyQuestionFieldProps) {
  const { t } = useTranslation('survey');
  const hintId = useId();
  const labelId = useId();
  const label = t(builtKey<'survey'>(`questions.${question.id}.label`));
  if (question.type === 'text')
    return (
      <TextField
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: SURVEY_TEXT_MAX } }}
        helperText={t('textHint', { max: SURVEY_TEXT_MAX })}
      />
    );
  const isScale = question.type === 'scale';
  const options = isScale ? scaleValues.map(String) : question.options;
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
        {label}
      </FormLabel>
      {isScale ? (
        <FormHelperText id={hintId} sx={{ mx: 0, mt: 0, mb: 0.5 }}>
          {t('scaleHint', { max: SURVEY_SCALE_MAX })}
        </FormHelperText>
      ) : null}
      <RadioGroup
        name={question.id}
        row={isScale}
        value={value === undefined ? '' : String(value)}
        onChange={(_, next) => onChange(isScale ? Number(next) : next)}
        aria-labelledby={labelId}
        aria-describedby={isScale ? hintId : undefined}
        sx={
          isScale ? { display: 'grid', gridTemplateColumns: `repeat(${SURVEY_SCALE_MAX}, 1fr)`, gap: 0.5 } : undefined
        }
      >
        {options.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={
              <Radio
                slotProps={isScale ? { input: { 'aria-label': t(builtKey<'survey'>(`scale.${option}`)) } } : undefined}
              />
            }
            label={isScale ? option : t(builtKey<'survey'>(`questions.${question.id}.options.${option}`))}
            sx={isScale ? { flexDirection: 'column-reverse', m: 0, minHeight: 48 } : { minHeight: 44 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
