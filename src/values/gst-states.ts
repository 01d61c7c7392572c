/**
 * The GST state codes, the first two digits of a GSTIN and the place of supply of a document, with
 * their names as the GST portal lists them. 25 (Daman and Diu, merged into 26 on 26 January 2020)
 * and 28 (Andhra Pradesh before its division) stay: GSTINs issued under them still exist.
 */
const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (Before Division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

export function isStateCode(code: string): boolean {
  return Object.hasOwn(GST_STATES, code);
}

/** The state's name, or undefined for a code that is not a GST state code. */
export function stateName(code: string): string | undefined {
  return isStateCode(code) ? GST_STATES[code] : undefined;
}

/** Every state code, ascending. */
export const stateCodes: readonly string[] = Object.keys(GST_STATES).sort();
