import { planNames, type Grade } from '@lumen/contracts/plans';
import { useTranslation } from 'react-i18next';

/** The plan's name in the admin's language (`plus-year` reads as Plus). */
export function usePlanLabel() {
  const { t } = useTranslation();
  return (grade: number) => t(`pay.grades.${planNames[(grade in planNames ? grade : 0) as Grade]}`);
}
