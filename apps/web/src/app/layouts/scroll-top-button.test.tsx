import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import ScrollTopButton from './scroll-top-button';

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common']);
});

/** jsdom does not scroll: set where the window is, under both names MUI and the layout read, and say it moved. */
function scrollWindowTo(y: number) {
  Object.assign(window, { scrollY: y, pageYOffset: y });
  window.dispatchEvent(new Event('scroll'));
}

/** A form's bottom bar, marked as the sheets mark theirs, placed at `top` px from the window's top (jsdom lays nothing out). */
function bottomBar(top: number, height = 40): HTMLElement {
  const bar = document.createElement('div');
  bar.setAttribute('data-scroll-top-clearance', '');
  bar.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: window.innerWidth, height });
  document.body.append(bar);
  return bar;
}

afterEach(async () => {
  document.querySelectorAll('[data-scroll-top-clearance]').forEach((element) => element.remove());
  await act(async () => scrollWindowTo(0));
});

describe('scroll-to-top button beside a form bottom bar', () => {
  const name = 'Revenir en haut de la page';

  it('sits in the corner while no bar is under it, and rises above the bar with the Next button once it is', async () => {
    const bar = bottomBar(200);
    render(<ScrollTopButton />);
    await act(async () => scrollWindowTo(400));
    const button = await screen.findByRole('button', { name });
    // 24 px from the bottom on a wide window; the bar is higher up the window.
    await waitFor(() => expect(button.style.bottom).toBe('24px'));

    // The bar scrolls into the corner: the button keeps 8 px above its top.
    bar.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: window.innerHeight - 70, width: window.innerWidth, height: 40 });
    await act(async () => scrollWindowTo(900));
    await waitFor(() => expect(button.style.bottom).toBe('78px'));
    expect(button).toBeVisible();
  });

  it('stands aside rather than climb past the middle of the window over a tall marked element', async () => {
    const panel = bottomBar(window.innerHeight);
    render(<ScrollTopButton />);
    await act(async () => scrollWindowTo(400));
    const button = await screen.findByRole('button', { name });
    await waitFor(() => expect(button).toBeVisible());

    panel.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: 100, width: window.innerWidth, height: window.innerHeight });
    await act(async () => scrollWindowTo(500));
    await waitFor(() => expect(button).not.toBeVisible());
  });
});
