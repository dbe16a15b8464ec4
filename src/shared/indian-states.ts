/** States and union territories with their GST state codes, for the tax invoice's place of supply. */
export const indianStates = [
  { code: '01', en: 'Jammu and Kashmir', mr: 'जम्मू आणि काश्मीर' },
  { code: '02', en: 'Himachal Pradesh', mr: 'हिमाचल प्रदेश' },
  { code: '03', en: 'Punjab', mr: 'पंजाब' },
  { code: '04', en: 'Chandigarh', mr: 'चंदीगड' },
  { code: '05', en: 'Uttarakhand', mr: 'उत्तराखंड' },
  { code: '06', en: 'Haryana', mr: 'हरियाणा' },
  { code: '07', en: 'Delhi', mr: 'दिल्ली' },
  { code: '08', en: 'Rajasthan', mr: 'राजस्थान' },
  { code: '09', en: 'Uttar Pradesh', mr: 'उत्तर प्रदेश' },
  { code: '10', en: 'Bihar', mr: 'बिहार' },
  { code: '11', en: 'Sikkim', mr: 'सिक्कीम' },
  { code: '12', en: 'Arunachal Pradesh', mr: 'अरुणाचल प्रदेश' },
  { code: '13', en: 'Nagaland', mr: 'नागालँड' },
  { code: '14', en: 'Manipur', mr: 'मणिपूर' },
  { code: '15', en: 'Mizoram', mr: 'मिझोरम' },
  { code: '16', en: 'Tripura', mr: 'त्रिपुरा' },
  { code: '17', en: 'Meghalaya', mr: 'मेघालय' },
  { code: '18', en: 'Assam', mr: 'आसाम' },
  { code: '19', en: 'West Bengal', mr: 'पश्चिम बंगाल' },
  { code: '20', en: 'Jharkhand', mr: 'झारखंड' },
  { code: '21', en: 'Odisha', mr: 'ओडिशा' },
  { code: '22', en: 'Chhattisgarh', mr: 'छत्तीसगड' },
  { code: '23', en: 'Madhya Pradesh', mr: 'मध्य प्रदेश' },
  { code: '24', en: 'Gujarat', mr: 'गुजरात' },
  { code: '26', en: 'Dadra and Nagar Haveli and Daman and Diu', mr: 'दादरा आणि नगर हवेली आणि दमण आणि दीव' },
  { code: '27', en: 'Maharashtra', mr: 'महाराष्ट्र' },
  { code: '29', en: 'Karnataka', mr: 'कर्नाटक' },
  { code: '30', en: 'Goa', mr: 'गोवा' },
  { code: '31', en: 'Lakshadweep', mr: 'लक्षद्वीप' },
  { code: '32', en: 'Kerala', mr: 'केरळ' },
  { code: '33', en: 'Tamil Nadu', mr: 'तमिळनाडू' },
  { code: '34', en: 'Puducherry', mr: 'पुदुच्चेरी' },
  { code: '35', en: 'Andaman and Nicobar Islands', mr: 'अंदमान आणि निकोबार बेटे' },
  { code: '36', en: 'Telangana', mr: 'तेलंगणा' },
  { code: '37', en: 'Andhra Pradesh', mr: 'आंध्र प्रदेश' },
  { code: '38', en: 'Ladakh', mr: 'लडाख' },
] as const;

export type StateCode = (typeof indianStates)[number]['code'];

export const stateCodes = indianStates.map((state) => state.code) as [StateCode, ...StateCode[]];

export function stateByCode(code: string | null | undefined) {
  return indianStates.find((state) => state.code === code);
}
