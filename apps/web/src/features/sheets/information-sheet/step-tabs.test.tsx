import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StepTabs } from './step-tabs';

const titles = ['Alternant', 'Entreprise', 'OPCO', 'Envoi'];

function Steps({ onSelect }: { onSelect: (index: number) => void }) {
  const [active, setActive] = useState(1);
  return (
    <>
      <StepTabs
        label="Étapes"
        active={active}
        isCompact={false}
        onSelect={(index) => {
          onSelect(index);
          setActive(index);
        }}
        steps={titles.map((title, index) => ({ title, isError: index === 2, note: index === 2 ? <span>À corriger : 1</span> : undefined }))}
      />
      <button type="button" onClick={() => setActive(3)}>
        Suivant
      </button>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

describe('the information sheet steps', () => {
  it('is a named list of tabs, one selected, each named after its step with its note', () => {
    render(<Steps onSelect={() => {}} />);
    const list = screen.getByRole('tablist', { name: 'Étapes' });
    expect(list.tagName).toBe('OL');
    expect(list).toHaveAttribute('aria-orientation', 'horizontal');
    expect(screen.getAllByRole('tab').map((element) => element.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false', 'false']);
    expect(tab('OPCO')).toHaveAccessibleName('OPCO À corriger : 1');
    expect(tab('Envoi')).toHaveAttribute('aria-posinset', '4');
    expect(tab('Envoi')).toHaveAttribute('aria-setsize', '4');
  });

  it('is one tab stop, on the open step: the arrows move along the tabs (wrapping), Home and End to the ends, Enter opens', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<Steps onSelect={onSelect} />);
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, 0, -1, -1]);
    await user.tab();
    expect(tab('Entreprise')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('OPCO')).toHaveFocus();
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, -1, 0, -1]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Alternant')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Envoi')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Alternant')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Envoi')).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(3);
    expect(tab('Envoi')).toHaveAttribute('aria-selected', 'true');
  });

  it('moves the tab stop to the step opened another way', async () => {
    const user = userEvent.setup();
    render(<Steps onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, -1, -1, 0]);
  });
});
