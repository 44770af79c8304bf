import { API_ENDPOINTS } from './api-endpoints';
import {
  API_TAGS,
  operationResponses,
  type Access,
  type ApiTag,
  type Endpoint,
  type EndpointGroup,
} from '../http/endpoint';
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SecurityRequirement,
} from '../http/openapi/openapi-types';
import { sharedResponseObjects, sharedSchemas } from '../http/openapi/shared-responses';
import { jsonSchemaOf, queryParameters } from '../http/openapi/zod-to-openapi';

/** What each tag of the reference covers. */
const TAG_DESCRIPTIONS: Record<ApiTag, string> = {
  auth: 'Accounts: register, sign in (password or Google), reset a password.',
  profile: "The signed-in account's Profile Settings and picture.",
  bookings: 'The catalogue, availability, the booking form and the emailed manage link.',
  payments:
    'Paying for a booking: Stripe Checkout or the in-page card form; the provider reports the ' +
    'outcome to the webhook, and the booking becomes paid then.',
  contact: 'The contact form.',
  newsletter: 'Subscribing with double opt-in, confirming, and unsubscribing.',
  reviews:
    'Reviews of visits: the emailed link’s review page and form, and the approved reviews the ' +
    'site shows.',
  quotes:
    'Quotes for custom work, as their customer answers them through the emailed link: read, ' +
    'choose optional items, accept with the deposit, or decline.',
  admin:
    "The operators' API: bookings, contact messages, subscribers, reviews, newsletter campaigns " +
    'and the queue dashboard session. Every route needs an admin account, except the signed ' +
    'photo links.',
  site: 'Settings the site reads at run time, and this reference.',
};

/** Only the description matters here, whatever context the handlers want. */
type AnyEndpoint = Endpoint<never>;

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

function pathParameters(operation: AnyEndpoint): ParameterObject[] {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const declared = operation.request.params ? jsonSchemaOf(operation.request.params) : {};
  const properties = declared.properties ?? {};
  return names.map((name) => {
    const property = properties[name];
    const description = typeof property === 'object' ? property.description : undefined;
    if (!description) {
      throw new Error(`${operation.operationId}: describe the path parameter {${name}}.`);
    }
    return { name, in: 'path', required: true, description, schema: { type: 'string' } };
  });
}

/** The operation's answers: its own (without the zod schema kept for tests), or references. */
function responsesOf(operation: AnyEndpoint): Record<string, ResponseObject | ReferenceObject> {
  return Object.fromEntries(
    Object.entries(operationResponses(operation)).map(
      ([status, response]): [string, ResponseObject | ReferenceObject] => {
        if (typeof response === 'string') {
          return [status, { $ref: `#/components/responses/${response}` }];
        }
        const { json: _checkedInTests, ...described } = response;
        return [status, described];
      },
    ),
  );
}

function operationObject(tag: ApiTag, operation: AnyEndpoint): OperationObject {
  const note = ACCESS_NOTES[operation.access];
  const description = [note, operation.description].filter(Boolean).join('\n\n');
  const { query, rawQuery = [], headers = [], body } = operation.request;
  const parameters = [
    ...pathParameters(operation),
    ...(query ? queryParameters(query.schema, query.descriptions) : []),
    ...rawQuery,
    ...headers,
  ];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [tag],
    security: SECURITY[operation.access],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body.openapi } : {}),
    responses: responsesOf(operation),
  };
}

/**
 * The OpenAPI 3.1 document of every declared endpoint, built once when the API starts: tag by
 * tag, and within a tag in the order the groups and their endpoints are declared.
 */
export function buildOpenApiDocument(
  groups: readonly EndpointGroup<never>[] = API_ENDPOINTS,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  const tags = API_TAGS.filter((tag) => groups.some((group) => group.tag === tag));
  for (const tag of tags) {
    const endpoints = groups
      .filter((group) => group.tag === tag)
      .flatMap((group) => group.endpoints);
    for (const operation of endpoints) {
      if (operationIds.has(operation.operationId)) {
        throw new Error(`Two operations are called ${operation.operationId}.`);
      }
      operationIds.add(operation.operationId);
      const item = (paths[operation.path] ??= {});
      if (item[operation.method]) {
        throw new Error(`${operation.method.toUpperCase()} ${operation.path} is listed twice.`);
      }
      item[operation.method] = operationObject(tag, operation);
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
        'the validation schemas the routes use. Errors always carry `error`, `message`, ' +
        '`requestId` and a stable `code` (listed on the Error schema) to tell refusals apart ' +
        'by.',
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
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
