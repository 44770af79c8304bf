import { useQueryClient } from '@tanstack/react-query';
import { TIME_WINDOW_IDS, type TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { normalisePostalCode } from '@hs/api/domain/booking/service-area';
import type { Profile } from '@hs/api/domain/profile/profile-schema';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { profileQuery } from '../../api/account-api';
import { readAuthToken } from '../../auth/auth-storage';
import {
  DRAFT_FIELDS,
  startingDraft,
  type BookingDraft,
  type MemberLink,
  type VisitChoices,
} from './booking-draft';

/**
 * The form's values for this browser tab: what was typed survives closing the modal, Back, a
 * visit to another page and a reload, until a booking is made. Session storage: gone with the tab.
 */
const DRAFT_KEY = 'bookingDraft';

function readSaved(): BookingDraft | null {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return null;
    const record = saved as Record<string, unknown>;
    const text = (field: string) => (typeof record[field] === 'string' ? record[field] : '');
    const time = TIME_WINDOW_IDS.find((id) => id === record.time);
    const choices = record.visitChoices;
    return {
      name: text('name'),
      company: text('company'),
      phone: text('phone'),
      email: text('email'),
      address: text('address'),
      postalCode: text('postalCode'),
      date: text('date'),
      time: time ?? ('morning' satisfies TimeWindowId),
      details: text('details'),
      visitChoices:
        typeof choices === 'object' && choices !== null ? (choices as VisitChoices) : {},
    };
  } catch {
    return null;
  }
}

function save(draft: BookingDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the copy: the form itself keeps its values.
  }
}

/** After a booking is made, the next form starts blank (or from the profile) again. */
export function clearSavedDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** The profile's details, as the form asks for them: only what the profile has. */
export function draftFromProfile(profile: Profile): Partial<BookingDraft> {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const address = [profile.address, profile.city].map((part) => part.trim()).filter(Boolean);
  return {
    name,
    company: profile.company,
    email: profile.email,
    phone: profile.phone,
    address: address.join(', '),
    postalCode: normalisePostalCode(profile.zipCode) ?? '',
  };
}

/** Fills the fields still empty from `details`: what the customer typed is never replaced. */
export function fillEmpty(draft: BookingDraft, details: Partial<BookingDraft>): BookingDraft {
  let next = draft;
  for (const field of DRAFT_FIELDS) {
    const value = details[field];
    if (typeof value === 'string' && value !== '' && draft[field] === '') {
      next = { ...next, [field]: value };
    }
  }
  return next;
}

/**
 * The booking form's draft, saved for the tab as it changes. A signed-in customer's form starts
 * filled from their profile (docs/product.md, Decisions): nobody should type their address twice.
 */
export function useSavedDraft(
  member: MemberLink | null,
): [BookingDraft, Dispatch<SetStateAction<BookingDraft>>] {
  const [draft, setDraft] = useState<BookingDraft>(() => {
    const saved = readSaved();
    return saved === null ? startingDraft(member) : fillEmpty(saved, startingDraft(member));
  });

  useEffect(() => {
    save(draft);
  }, [draft]);

  const client = useQueryClient();
  useEffect(() => {
    const token = readAuthToken();
    if (token === null) return;
    let current = true;
    // The profile through the cache: the profile page's, if it was read (or is being read).
    client
      .query({
        queryKey: profileQuery.key(token),
        queryFn: ({ signal }) => profileQuery.load(token, signal),
      })
      .then(
        (profile) => {
          if (current) setDraft((draft) => fillEmpty(draft, draftFromProfile(profile)));
        },
        () => {
          // No profile to start from: the form is typed as a visitor's is.
        },
      );
    return () => {
      current = false;
    };
  }, [client]);

  return [draft, setDraft];
}
