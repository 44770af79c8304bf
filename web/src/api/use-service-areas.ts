import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';

function serviceAreasOf(body: unknown): readonly string[] | null {
  if (typeof body !== 'object' || body === null || !('serviceAreas' in body)) return null;
  const { serviceAreas } = body;
  return Array.isArray(serviceAreas) && serviceAreas.every((area) => typeof area === 'string')
    ? serviceAreas
    : null;
}

/**
 * The postal-code areas the business serves, from the deployment's settings
 * (`GET /api/site-config`), or null until they are known. Null is not "nowhere": the form then
 * checks only the postal code's format and lets the API, which always knows, judge the area.
 */
export function useServiceAreas(): readonly string[] | null {
  const [areas, setAreas] = useState<readonly string[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<unknown>('/api/site-config', { signal: controller.signal }).then(
      (body) => {
        setAreas(serviceAreasOf(body));
      },
      () => {
        // Nothing to show: the booking is still checked by the API when it is sent.
      },
    );
    return () => {
      controller.abort();
    };
  }, []);

  return areas;
}
