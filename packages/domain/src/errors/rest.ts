import { defineErrors } from './table.ts';

/** Failures of the REST layer itself, shared by every route. */
export const REST_ERRORS = defineErrors({
  rest_not_logged_in: {
    status: 401,
    message: 'You are not currently logged in.',
    when: 'A REST call carries neither a session cookie nor an application password.',
    action: 'Sign in (or send an application password over HTTP Basic) and repeat the call.',
  },
  incorrect_password: {
    status: 401,
    message: 'The provided password is an invalid application password.',
    when: 'An Authorization header is not HTTP Basic with a valid application password.',
    action: 'Create a new application password and use it.',
  },
  rest_forbidden: {
    status: 403,
    message: 'Sorry, you are not allowed to do that.',
    when: 'The user lacks the manage_woocommerce capability.',
    action: 'Sign in as an administrator or shop manager.',
  },
  rest_cookie_invalid_nonce: {
    status: 403,
    message: 'Cookie check failed',
    when: 'A call with the session cookie lacks the session nonce (X-WP-Nonce, or _wpnonce on a GET).',
    action: 'Reload the page to get a fresh nonce and repeat the call.',
  },
  rest_cookie_invalid_origin: {
    status: 403,
    message: 'This request came from another site.',
    when: 'A write with the session cookie carries an Origin header that names another site (or `null`).',
    action: 'Make the change from the admin pages of this site, or call with an application password.',
  },
  rest_invalid_param: {
    status: 400,
    message: 'Invalid parameter(s): %s',
    when: 'A parameter or body field is missing, unknown or malformed; data.params names each with its reason.',
    action: 'Correct the named fields; nothing was changed.',
  },
  rest_invalid_json: {
    status: 400,
    message: 'Invalid JSON body passed.',
    when: 'The body is not valid JSON, or is empty where JSON is expected.',
    action: 'Send a well-formed JSON body.',
  },
  rest_invalid_request: {
    status: 400,
    message: 'The request could not be read.',
    when: 'The request is malformed in a way no more specific code describes.',
    action: 'Check the request against the API document.',
  },
  rest_unsupported_media_type: {
    status: 415,
    message: 'Unsupported media type.',
    when: 'The body has a content type the route does not read.',
    action: 'Send JSON (or the form or multipart body the route documents).',
  },
  rest_no_route: {
    status: 404,
    message: 'No route was found matching the URL and request method.',
    when: 'No endpoint answers this method and path.',
    action: 'Check the path against the API document.',
  },
  rest_not_found: {
    status: 404,
    message: 'Not found.',
    when: 'The object named in the path does not exist in the current account.',
    action: 'Check the id.',
  },
  rest_conflict: {
    status: 409,
    message: 'The request conflicts with the current state.',
    when: 'The object is not in a state that allows the operation.',
    action: 'Reload the object and decide again.',
  },
  rest_payload_too_large: {
    status: 413,
    message: 'The request body is too large.',
    when: 'The body exceeds the route limit.',
    action: 'Send a smaller body.',
  },
  rest_too_many_requests: {
    status: 429,
    message: 'Too many requests. Please try again later.',
    when: 'A rate limit was reached; Retry-After says when to try again.',
    action: 'Wait for Retry-After seconds, then repeat.',
  },
  idempotency_key_reused: {
    status: 422,
    message:
      'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    when: 'An Idempotency-Key is sent again with another method, path or body.',
    action: 'Use a new key for a new request; reuse a key only to retry the same request.',
  },
  idempotency_key_retry: {
    status: 409,
    message: 'The earlier request with this Idempotency-Key failed. Please retry.',
    when: 'The first request with this key failed before it finished; it changed nothing.',
    action: 'Retry the same request with the same key.',
  },
  idempotency_key_in_flight: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Please retry shortly.',
    when: 'The first request with this key has not finished yet.',
    action: 'Retry the same request with the same key after a moment.',
  },
  idempotency_key_outcome_unknown: {
    status: 409,
    message:
      'The earlier request with this Idempotency-Key was applied, but its answer was lost when the server stopped.',
    when: 'The server stopped after committing the first request with this key and before storing its answer.',
    action:
      'Do not repeat the change: read the object it made or changed (for a payment, by its order) to see the result.',
  },
  internal_server_error: {
    status: 500,
    message: 'An unexpected error occurred. Please try again later. (Request ID %s)',
    when: 'Something failed that should not have; the log has the details under the request id.',
    action: 'Retry later; report the request id if it persists.',
  },
});
