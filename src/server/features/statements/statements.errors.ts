import { defineErrors } from '../../lib/errors.js';

export const statementErrors = defineErrors({
  FILE_REQUIRED: [
    'BAD_REQUEST',
    {
      en: 'Please choose a bank statement file (CSV or Excel .xlsx).',
      mr: 'कृपया बँक स्टेटमेंटची फाईल निवडा (CSV किंवा Excel .xlsx).',
    },
  ],
  FILE_TOO_LARGE: [
    'PAYLOAD_TOO_LARGE',
    {
      en: 'The statement must be 5 MB or smaller. Download a shorter period from your bank.',
      mr: 'स्टेटमेंट 5 MB किंवा त्यापेक्षा लहान असावे. बँकेतून कमी कालावधीचे स्टेटमेंट डाउनलोड करा.',
    },
  ],
  NOT_A_STATEMENT: [
    'BAD_REQUEST',
    {
      en: "This file does not look like a bank statement. Upload the CSV or Excel (.xlsx) statement from your bank's website or app.",
      mr: 'ही फाईल बँक स्टेटमेंटसारखी दिसत नाही. बँकेच्या वेबसाइट किंवा ॲपमधून मिळालेले CSV किंवा Excel (.xlsx) स्टेटमेंट अपलोड करा.',
    },
  ],
  PDF_NOT_SUPPORTED: [
    'BAD_REQUEST',
    {
      en: 'PDF statements cannot be read. Please download the statement as CSV or Excel (.xlsx) instead.',
      mr: 'PDF स्टेटमेंट वाचता येत नाही. कृपया स्टेटमेंट CSV किंवा Excel (.xlsx) स्वरूपात डाउनलोड करा.',
    },
  ],
  XLS_NOT_SUPPORTED: [
    'BAD_REQUEST',
    {
      en: 'Old Excel files (.xls) cannot be read. Open the file and save it as .xlsx or CSV, or download the CSV statement.',
      mr: 'जुन्या Excel फाईल्स (.xls) वाचता येत नाहीत. फाईल उघडून .xlsx किंवा CSV म्हणून सेव्ह करा, किंवा CSV स्टेटमेंट डाउनलोड करा.',
    },
  ],
  SPREADSHEET_TOO_LARGE: [
    'PAYLOAD_TOO_LARGE',
    {
      en: 'This spreadsheet is too large to read. Download a shorter period from your bank.',
      mr: 'ही स्प्रेडशीट वाचण्यासाठी खूप मोठी आहे. बँकेतून कमी कालावधीचे स्टेटमेंट डाउनलोड करा.',
    },
  ],
  TOO_MANY_ROWS: [
    'PAYLOAD_TOO_LARGE',
    {
      en: 'The statement has more than 20,000 rows. Download a shorter period from your bank.',
      mr: 'स्टेटमेंटमध्ये 20,000 पेक्षा जास्त ओळी आहेत. बँकेतून कमी कालावधीचे स्टेटमेंट डाउनलोड करा.',
    },
  ],
  MAPPING_INVALID: [
    'BAD_REQUEST',
    {
      en: 'Please choose a different column for each of date, description and credit amount.',
      mr: 'कृपया तारीख, तपशील आणि जमा रक्कम यांसाठी वेगवेगळे कॉलम निवडा.',
    },
  ],
  MAPPING_STALE: [
    'BAD_REQUEST',
    {
      en: 'This file does not have the columns that were chosen. Please upload it again and choose the columns.',
      mr: 'निवडलेले कॉलम या फाईलमध्ये नाहीत. कृपया फाईल पुन्हा अपलोड करून कॉलम निवडा.',
    },
  ],
  MAPPING_NO_DATES: [
    'BAD_REQUEST',
    {
      en: 'The column chosen for the date holds no dates. Please choose the date column again.',
      mr: 'तारखेसाठी निवडलेल्या कॉलममध्ये एकही तारीख नाही. कृपया तारखेचा कॉलम पुन्हा निवडा.',
    },
  ],
  IMPORT_NOT_FOUND: ['NOT_FOUND', { en: 'This statement import does not exist.', mr: 'हे स्टेटमेंट इम्पोर्ट अस्तित्वात नाही.' }],
  NOT_EXACT_MATCH: [
    'CONFLICT',
    {
      en: 'This order is no longer an exact match for a credit in this statement.',
      mr: 'ही ऑर्डर आता या स्टेटमेंटमधील कोणत्याही जमा रकमेशी तंतोतंत जुळत नाही.',
    },
  ],
});
