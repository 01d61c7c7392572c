/** What other namespaces use of practitionerSchedules (appointments: free slots and the booking check). */
export { isValidOn, isWorkingTime, merged, slotsOn, type DayRange } from './practitionerSchedules.availability.ts';
export { doctorSchedulesIn, schedulesIn, type DoctorSchedule } from './practitionerSchedules.repo.ts';
