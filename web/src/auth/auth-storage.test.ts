import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY, saveSignIn, signOut, useAuthState, USERNAME_KEY } from './auth-storage';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('auth storage (docs/product.md sections 3 and 4)', () => {
  it('counts a visitor without authToken as signed out', () => {
    localStorage.setItem(USERNAME_KEY, 'Alex');
    const { result } = renderHook(() => useAuthState());
    expect(result.current).toEqual({ signedIn: false, name: '' });
  });

  it('counts authToken as signed in and greets by username', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    localStorage.setItem(USERNAME_KEY, 'Alex');
    const { result } = renderHook(() => useAuthState());
    expect(result.current).toEqual({ signedIn: true, name: 'Alex' });
  });

  it('follows a sign-in and a sign-out in this tab', () => {
    const { result } = renderHook(() => useAuthState());
    act(() => {
      saveSignIn('token', 'Sam');
    });
    expect(result.current).toEqual({ signedIn: true, name: 'Sam' });
    act(() => {
      signOut();
    });
    expect(result.current).toEqual({ signedIn: false, name: '' });
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useAuthState());
    act(() => {
      // Another tab writes the storage; this tab hears only the storage event.
      localStorage.setItem(AUTH_TOKEN_KEY, 'token');
      localStorage.setItem(USERNAME_KEY, 'Robin');
      window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY }));
    });
    expect(result.current).toEqual({ signedIn: true, name: 'Robin' });
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current.signedIn).toBe(false);
  });

  it('clears all local storage on sign-out, the cached profile included', () => {
    saveSignIn('token', 'Alex');
    localStorage.setItem('userData', '{"firstName":"Alex"}');
    signOut();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the same snapshot while nothing changes', () => {
    saveSignIn('token', 'Alex');
    const { result, rerender } = renderHook(() => useAuthState());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
