import type {
  HttpMethod,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
} from './openapi-types';
import type { SharedResponse } from './shared-responses';

import type { Access, ApiTag } from '../endpoint';

/** One route as the reference shows it; each area of the API lists its own. */
export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI form, with the /api prefix: /api/bookings/{id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  /** A description for each `{name}` in the path. */
  pathParameters?: Record<string, string>;
  /** Query and header parameters; query ones come from the route's own zod schema. */
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  /** Successful answers, and refusals particular to this route. */
  responses: Record<string, ResponseObject>;
  /** Refusals shared with other routes (400, 404, 429, ...). 401 and 403 follow from `access`. */
  errors?: SharedResponse[];
}

/** An area of the API: one tag in the reference, one file here. */
export interface ApiArea {
  tag: ApiTag;
  description: string;
  operations: ApiOperation[];
}
