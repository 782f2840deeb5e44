/** Environment of a business other than the default profile: its name, email, ABN and owners. */
export const OTHER_BUSINESS_ENV = {
  BUSINESS_NAME: 'Red Dirt Towing',
  BUSINESS_EMAIL: 'office@example.com',
  BUSINESS_ABN: '12 345 678 901',
  OWNER1_NAME: 'Jo',
  OWNER1_PHONE: '0400 111 111',
  OWNER2_NAME: 'Kim',
  OWNER2_PHONE: '0400 222 222',
} as const;
