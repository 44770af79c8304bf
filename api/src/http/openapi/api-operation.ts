import type {
  HttpMethod,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
} from './openapi-types';
import type { SharedResponse } from './shared-responses';

/**
 * Who may call an operation. `optionalUser`: open to visitors, and a signed-in caller's token is
 * used when sent (a booking belongs to the account it was made from). `signedLink`: the token of
 * a link the API emailed stands in for a login. `bookingOwner`: the booking's own token (from the
 * booking answer or the manage link), or the login of the account that made it.
 */
export type Access = 'public' | 'optionalUser' | 'user' | 'admin' | 'signedLink' | 'bookingOwner';

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
  tag: string;
  description: string;
  operations: ApiOperation[];
}
