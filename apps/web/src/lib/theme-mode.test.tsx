import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from './storage-keys';
import { useThemeMode } from './theme-mode';

describe('useThemeMode', () => {
  it('keeps the chosen mode, stores it, and follows a choice made in another tab', () => {
    const { result } = renderHook(() => useThemeMode());
    expect(result.current.mode).toBe('light');

    act(() => result.current.setMode('dark'));
    expect(result.current.mode).toBe('dark');
    expect(localStorage.getItem(storageKeys.theme)).toBe('dark');

    // Another tab chose light: the storage event says so.
    act(() => {
      localStorage.setItem(storageKeys.theme, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.theme, newValue: 'light' }));
    });
    expect(result.current.mode).toBe('light');
  });
});
