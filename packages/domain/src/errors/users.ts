import { defineErrors } from './table.ts';

/** Users and application passwords. */
export const USERS_ERRORS = defineErrors({
  unknown_user: {
    status: 404,
    message: 'No user with the login "%s".',
    when: 'A command names a login no user has.',
    action: 'Check the login.',
  },
  invalid_login: {
    status: 400,
    message: 'A login is 1 to 60 letters, digits or . _ @ -',
    when: 'A new user is given a login with other characters.',
    action: 'Choose another login.',
  },
  invalid_email: {
    status: 400,
    message: 'A valid e-mail address is needed.',
    when: 'A new user is given something that is not an e-mail address.',
    action: 'Give an e-mail address.',
  },
  weak_password: {
    status: 400,
    message: 'A password needs at least %d characters.',
    when: 'A password is shorter than the minimum.',
    action: 'Choose a longer password.',
  },
  rest_cannot_edit: {
    status: 403,
    message: 'Sorry, you are not allowed to edit this user.',
    when: 'A REST call saves a user other than the signed-in one.',
    action: 'Save the signed-in user (users/me) only.',
  },
  existing_user: {
    status: 409,
    message: 'A user with that login or e-mail already exists.',
    when: 'A new user has the login or e-mail of an existing one.',
    action: 'Choose another login or e-mail.',
  },
});
