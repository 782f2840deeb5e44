/**
 * Migrations whose comments were reworded after they had run on deployed databases. A database
 * records each migration's checksum (migrate.ts) and refuses to start when a file no longer
 * matches, so rewording a comment would stop every server that ran the old wording. Each entry
 * lists the checksums of the earlier wordings and the checksum of the statements (the file
 * without its comments and spacing): a database that recorded an earlier wording, of a file
 * whose statements still match, is up to date, and its record moves to the current checksum.
 * Only comments may be reworded; a changed statement needs a new migration.
 */
export const REWORDED_MIGRATIONS: Readonly<
  Record<string, { earlier: readonly string[]; statements: string }>
> = {
  '0001_init': {
    earlier: ['acf14747d17169df78f0b62accb328d2d57da6215159e453d9d968da0bd66c7a'],
    statements: '2099d470f4fc18fd6676eca95d2b097e634788108d45edf1f5e4bd0d060cef6c',
  },
  '0002_sync': {
    earlier: ['c33a8fad637b0c52878834c342850fbbcf40e34abf35a8ad828804d16f601b4c'],
    statements: 'c82bfde3af1e750fb4301b4060bda8c02dcbd51d999205bcf704220f1a93519d',
  },
  '0003_billing': {
    earlier: ['ff23455c030c01a0ca277113cd08636d4560b8b6c5a5f1fcb050d23a1aa31c96'],
    statements: 'dcd87fd5c890d1856671c808742fa6392c5a894e2474b0dae261dcf8f8b2965c',
  },
  '0007_exactly_once': {
    earlier: ['5ce9e2147f10a9ab3c01d170b3843040e24e3a84e6518a2ed5ddb15b4d68af4a'],
    statements: '131d39b9e338302ef7811fa47ba8a6dd3ee2799f11965d6f4a3b0f0b9783eea5',
  },
  '0010_staff_roles': {
    earlier: ['c88c0e578f04d9d35b712c19166a1e4856a240fc97f4b231f363108cbc5f043a'],
    statements: '8e63e6413fc13d8006f1f02c1a53677b9b28c3f5f9c22657881c900cec394c0d',
  },
  '0019_document_numbers': {
    earlier: ['cd6fbf426b6da03de05f803584c34e8f5d83100106501b1f3b7de900e48f2cb6'],
    statements: '336348a3c6c82bf88c7b3f98c09c09bb0f575a71f06dc57a060327ff944856a4',
  },
  '0021_merge_notices': {
    earlier: ['5396829608821e8569f1045cab462970632fc50c725ae07b09489f3750f3698e'],
    statements: 'ac7182ac0311a3fc2f9a7ab49652086769082ae45faeb2b72769b029295ae439',
  },
};
