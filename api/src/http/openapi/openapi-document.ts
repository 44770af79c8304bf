import { adminArea } from './admin-operations';
import type { Access, ApiArea, ApiOperation } from './api-operation';
import { authArea } from './auth-operations';
import { bookingArea } from './booking-operations';
import { contactArea } from './contact-operations';
import { newsletterArea } from './newsletter-operations';
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SecurityRequirement,
} from './openapi-types';
import { paymentArea } from './payment-operations';
import { profileArea } from './profile-operations';
import {
  SHARED_RESPONSE_STATUS,
  sharedResponseObjects,
  sharedSchemas,
  type SharedResponse,
} from './shared-responses';
import { siteArea } from './site-operations';

/** Every area of the API, in the order the reference shows them. */
export const API_AREAS: readonly ApiArea[] = [
  authArea,
  profileArea,
  bookingArea,
  paymentArea,
  contactArea,
  newsletterArea,
  adminArea,
  siteArea,
];

/**
 * Security per access level. An empty object in the list means "or no credentials at all"; a
 * bearer scheme's list names the role needed (OpenAPI 3.1 allows role names there).
 */
const SECURITY: Record<Access, SecurityRequirement[]> = {
  public: [],
  signedLink: [],
  optionalUser: [{}, { bearerAuth: [] }],
  bookingOwner: [{}, { bearerAuth: [] }],
  user: [{ bearerAuth: [] }],
  admin: [{ bearerAuth: ['admin'] }],
};

const ACCESS_NOTES: Partial<Record<Access, string>> = {
  user: 'Needs a signed-in account.',
  admin: 'Needs a signed-in **admin** account.',
  signedLink: 'No login: the token or signature of an emailed or issued link is the credential.',
  bookingOwner:
    "Only the booking's owner: its `token` (from the booking answer, or the manage link emailed " +
    'with it), or the login of the account that made it. Anything else, a wrong token included, ' +
    'is answered 404 like an unknown booking.',
};

const reference = (name: SharedResponse): ReferenceObject => ({
  $ref: `#/components/responses/${name}`,
});

function pathParameters(operation: ApiOperation): ParameterObject[] {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  return names.map((name) => {
    const description = operation.pathParameters?.[name];
    if (!description) {
      throw new Error(`${operation.operationId}: describe the path parameter {${name}}.`);
    }
    return { name, in: 'path', required: true, description, schema: { type: 'string' } };
  });
}

function responsesOf(operation: ApiOperation): Record<string, ResponseObject | ReferenceObject> {
  const shared: SharedResponse[] = [...(operation.errors ?? [])];
  if (operation.access === 'user' || operation.access === 'admin') shared.push('Unauthorized');
  if (operation.access === 'admin') shared.push('Forbidden');
  const responses: Record<string, ResponseObject | ReferenceObject> = { ...operation.responses };
  for (const name of shared) {
    // A route's own description of a status (a 403 for a bad link) says more than the shared one.
    responses[SHARED_RESPONSE_STATUS[name]] ??= reference(name);
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

function operationObject(tag: string, operation: ApiOperation): OperationObject {
  const note = ACCESS_NOTES[operation.access];
  const description = [note, operation.description].filter(Boolean).join('\n\n');
  const parameters = [...pathParameters(operation), ...(operation.parameters ?? [])];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [tag],
    security: SECURITY[operation.access],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.requestBody ? { requestBody: operation.requestBody } : {}),
    responses: responsesOf(operation),
  };
}

/** The OpenAPI 3.1 document of every area, built once when the API starts. */
export function buildOpenApiDocument(areas: readonly ApiArea[] = API_AREAS): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const area of areas) {
    for (const operation of area.operations) {
      if (operationIds.has(operation.operationId)) {
        throw new Error(`Two operations are called ${operation.operationId}.`);
      }
      operationIds.add(operation.operationId);
      const item = (paths[operation.path] ??= {});
      if (item[operation.method]) {
        throw new Error(`${operation.method.toUpperCase()} ${operation.path} is listed twice.`);
      }
      item[operation.method] = operationObject(area.tag, operation);
    }
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Home Services API',
      version: '1.0.0',
      description:
        'The JSON API behind the Home Services site: accounts, bookings, payments, the contact ' +
        'form, the newsletter and the operators’ admin area. Request schemas are generated from ' +
        'the validation schemas the routes use. Errors always carry `error`, `message` and ' +
        '`requestId`.',
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: areas.map((area) => ({ name: area.tag, description: area.description })),
    paths,
    components: {
      schemas: sharedSchemas,
      responses: sharedResponseObjects(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The `token` from login or registration. Admin routes need an admin account.',
        },
      },
    },
  };
}
