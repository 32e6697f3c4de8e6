/** The list's query key: the edit page invalidates it after a save, so the kept-alive list reloads. */
export const GEN_LIST_KEY = 'tool/gen';
