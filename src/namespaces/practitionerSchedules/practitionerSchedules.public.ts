/** What other namespaces use of practitionerSchedules (appointments: free slots and the booking check). */
export { isValidOn, isWorkingTime, merged, missingMinutes, slotsOn, type DayRange } from './practitionerSchedules.availability.ts';
export { doctorSchedulesIn, rememberedSchedulesIn, schedulesIn, type DoctorSchedule } from './practitionerSchedules.repo.ts';
