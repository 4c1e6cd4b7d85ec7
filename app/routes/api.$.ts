import { apiError } from "~/server/http/api.server";

// Any /api address that no route answers: 404 in the catalogue's JSON, whatever the method.
const notFound = () => apiError(404, "VLD_REQUIRED_FIELD", "There is no such address in the API.");

export const loader = notFound;
export const action = notFound;
