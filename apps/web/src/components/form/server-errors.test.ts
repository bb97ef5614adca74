import { describe, expect, it } from 'vitest';
import { serverFieldMessage } from './server-errors';

describe('serverFieldMessage', () => {
  it('shows a rule code sent by the server in the page language', () => {
    expect(serverFieldMessage(['text.forbidden_character'], 'fr-FR')).toBe(
      'Ce champ contient un caractère non autorisé (caractère invisible ou mal encodé) : retapez le texte plutôt que de le coller.',
    );
    expect(serverFieldMessage(['text.forbidden_character'], 'en')).toBe(
      'This field contains a character that is not allowed (an invisible or badly encoded character): type the text again rather than pasting it.',
    );
  });

  it('keeps other texts as sent, one after the other', () => {
    expect(serverFieldMessage(['Numéro CVEC invalide.', 'field.required'], 'fr-FR')).toBe('Numéro CVEC invalide. Ce champ est obligatoire.');
    expect(serverFieldMessage(['Too big'], undefined)).toBe('Too big');
  });
});
