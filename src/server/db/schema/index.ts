export * from './users';
export * from './idp';
export * from './contacts';
export * from './groups';
export * from './items';
export * from './lending';
export * from './messages';
export * from './feedback';
