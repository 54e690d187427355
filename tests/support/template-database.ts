/** Name of the migrated template each test file's database is cloned from. */
export const TEMPLATE_DATABASE = 'lendloop_template';
