/** Name of the response header that tells the client to swap its access token (SPEC section 4). No zod here: the web app's first load reads it. */
export const refreshTokenHeader = 'refresh-token';
